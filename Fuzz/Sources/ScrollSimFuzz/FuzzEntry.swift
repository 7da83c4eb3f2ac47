#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScrollSim

/// libFuzzer's entry point: one input of the target named by `SCROLLSIM_FUZZ_TARGET` (set by
/// scripts/fuzz.sh). A broken invariant traps (`FuzzCheck.fail`), which libFuzzer reports as a
/// crash and saves the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTarget.current.run(bytes)
    return 0
}

/// libFuzzer's driver (in the toolchain's libclang_rt.fuzzer), which parses the command line
/// and calls `LLVMFuzzerTestOneInput` for each input.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The executable's entry point: SwiftPM links an executable target's `main` to
/// `<module>_main`, so this hands the command line to libFuzzer's driver.
@_cdecl("ScrollSimFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzz(data, size) }
}
