/// Whether `record`, taken from a strategy's list of retired records (texture's fetches and draws,
/// asset-store's requests: reused for new work instead of allocating), is held by nothing else.
/// Each caller argues why it always is (asserted, so a test traps when a change breaks the
/// argument); in release a held record is still checked and not reused, so a broken argument costs
/// an allocation, never a completion delivered to the wrong work.
@inline(__always)
func isUnheldRetiredRecord<Record: AnyObject>(_ record: inout Record) -> Bool {
    let isUnheld = isKnownUniquelyReferenced(&record)
    assert(isUnheld, "a retired \(Record.self) is still held")
    return isUnheld
}
