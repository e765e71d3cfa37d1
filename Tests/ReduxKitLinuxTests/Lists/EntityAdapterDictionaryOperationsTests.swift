import Testing

@testable import ReduxKitLinux

/// The batch operations given a dictionary (RTK's `Record<Id, T>`): the
/// entities are taken in the order of their keys, every launch, so the ids
/// of an unsorted adapter come out in that order and an action holds them so.
@Suite("Entity adapter dictionary operations")
struct EntityAdapterDictionaryOperationsTests {
    struct Row: Identifiable, Equatable, Sendable {
        var id: Int
        var label: String
    }

    static let adapter = EntityAdapter<Int, Row>()
    static let byLabel = EntityAdapter<Int, Row>(sortComparer: { $0.label < $1.label })

    /// Rows by id, labelled so that sorting by label reverses them (ids below 1,000).
    static func rows(_ ids: some Sequence<Int>, _ suffix: String = "") -> [Int: Row] {
        Dictionary(uniqueKeysWithValues: ids.map { ($0, Row(id: $0, label: "\(2000 - $0)\(suffix)")) })
    }

    @Test func anUnsortedAdapterTakesTheEntitiesInTheOrderOfTheirKeys() {
        var state = Self.adapter.getInitialState()
        // 200 keys: a dictionary's own order is all but sure to differ.
        Self.adapter.addMany(Self.rows(0..<200), to: &state)
        #expect(state.ids == Array(0..<200))
        Self.adapter.addMany(Self.rows(195..<205, "!"), to: &state)  // the ones there kept
        #expect(state.ids == Array(0..<205) && state[id: 199]?.label == "1801" && state[id: 204]?.label == "1796!")
        Self.adapter.setMany(Self.rows([300, 1, 250], "?"), in: &state)
        #expect(state.ids == Array(0..<205) + [250, 300] && state[id: 1]?.label == "1999?")
        Self.adapter.upsertMany(Self.rows([260, 2], "+"), in: &state)
        #expect(state.ids.suffix(3) == [250, 300, 260] && state[id: 2]?.label == "1998+")
        Self.adapter.setAll(Self.rows([9, 3, 5]), in: &state)
        #expect(state.ids == [3, 5, 9])
    }

    @Test func aSortedAdapterSortsThem() {
        var state = Self.byLabel.getInitialState()
        Self.byLabel.addMany(Self.rows(0..<50), to: &state)
        #expect(state.ids == Array((0..<50).reversed()))
        Self.byLabel.setAll(Self.rows([7, 8]), in: &state)
        #expect(state.ids == [8, 7])
    }

    @Test func anActionHoldsTheEntitiesInTheOrderOfTheirKeys() {
        let rows = Self.rows(0..<100)
        for action in [
            Self.adapter.addMany(rows), Self.adapter.setMany(rows), Self.adapter.upsertMany(rows),
            Self.adapter.setAll(rows),
        ] {
            switch action.operation {
            case .addMany(let entities), .setMany(let entities), .upsertMany(let entities), .setAll(let entities):
                #expect(entities.map(\.id) == Array(0..<100), "\(action.type)")
            default: Issue.record("\(action.type)")
            }
        }
        var state = Self.adapter.getInitialState()
        Self.adapter.apply(Self.adapter.setAll(rows).operation, to: &state)
        #expect(state.ids == Array(0..<100))
        #expect(Self.adapter.addMany(rows).type == "Row/addMany")
    }
}
