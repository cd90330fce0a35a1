import XTree

@MainActor final class SampleNode: DeepLinkable {
    let name: String
    let kids: [SampleNode]
    init(_ name: String, _ kids: [SampleNode] = []) {
        self.name = name
        self.kids = kids
    }
    var children: [any DeepLinkable] { kids }
    var nodeLabel: String { name }
}

let home = SampleNode("Home", [SampleNode("Vegetarian", [SampleNode("Orange Marmalade")]), SampleNode("Meat")])
var output = StandardOutput()
TextRenderer().render(TreeSnapshot(of: home), to: &output)
