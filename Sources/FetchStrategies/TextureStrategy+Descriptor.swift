extension TextureStrategy {
    /// `texture` in the catalogue, with its parameters (defaults from `Configuration`).
    static let descriptor = StrategyDescriptor(
        name: "texture",
        summary: "Range controller: preload range (2.5 ahead / 1.5 behind) downloads, on exit clears the node and its "
            + "PINCache memory data and cancels unless PIN estimates the download nearly done (then it runs on), "
            + "display range (1.0 / 0.5) draws undecoded images into node-sized backing stores off the main thread "
            + "(cleared on exit), priority low/default/high by range, ranges follow the scroll direction; "
            + "PINRemoteImage 10 downloads in 3 priority tiers; PINCache memory (data, in the footprint) unlimited "
            + "(purged on warning), disk 50 MB.",
        source: "TextureGroup/Texture 3.2.0 (ASAbstractLayoutController.mm, ASRangeController.mm, "
            + "ASNetworkImageNode.mm, ASPINRemoteImageDownloader.mm); pinterest/PINRemoteImage 3.0.4; "
            + "pinterest/PINCache 3.0.4.",
        parameters: [
            .number("preloadLeadingScreens", default: Configuration().preloadLeadingScreens, in: 0...100,
                    "Full-mode preload range ahead of the viewport, screens."),
            .number("preloadTrailingScreens", default: Configuration().preloadTrailingScreens, in: 0...100,
                    "Full-mode preload range behind the viewport, screens."),
            .number("displayLeadingScreens", default: Configuration().displayLeadingScreens, in: 0...100,
                    "Full-mode display (decode) range ahead of the viewport, screens."),
            .number("displayTrailingScreens", default: Configuration().displayTrailingScreens, in: 0...100,
                    "Full-mode display (decode) range behind the viewport, screens."),
            .integer("maxConcurrentDownloads", default: Configuration().maxConcurrentDownloads, in: 1...1000,
                     "PINRemoteImage downloads at once (its session allows UINT16_MAX connections per host)."),
            .number("diskCacheMB", default: Configuration().diskCacheMB, in: 0.01...1_000_000,
                    "PINCache disk byte limit, MiB."),
        ],
        make: { parameters in
            var configuration = Configuration()
            configuration.preloadLeadingScreens = parameters.number("preloadLeadingScreens")
            configuration.preloadTrailingScreens = parameters.number("preloadTrailingScreens")
            configuration.displayLeadingScreens = parameters.number("displayLeadingScreens")
            configuration.displayTrailingScreens = parameters.number("displayTrailingScreens")
            configuration.maxConcurrentDownloads = parameters.integer("maxConcurrentDownloads")
            configuration.diskCacheMB = parameters.number("diskCacheMB")
            return { [configuration] in TextureStrategy(environment: $0, configuration: configuration) }
        })
}
