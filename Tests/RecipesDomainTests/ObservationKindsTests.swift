import Observation
import RecipesDomain
import Testing
import XTree

@MainActor
@Suite struct ObservationKindsTests {
    @Test func theAppMixesObservableObjectsAndAnObservableScreen() async throws {
        let home = try await startApp()
        #expect((home as Any) is any AnyObservableObject)
        #expect(!(home.settings is any AnyObservableObject))
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) { #expect(home.settings is any Observable) }
        #expect(TreeSnapshot(of: home).nodes[3].attribute("units") == "imperial")
    }

    @Test func theMonitorSeesBothKindsOfChange() async throws {
        let home = try await startApp()
        let monitor = TreeChangeMonitor(root: home)
        monitor.observe()
        home.tab = .veggie
        #expect(monitor.drain() == [0])
        home.settings.units = .metric
        #expect(monitor.drain() == [3])
        // Observation fires once per registration: observe again to see the next change.
        home.settings.units = .imperial
        #expect(monitor.drain().isEmpty)
        monitor.observe()
        home.settings.units = .metric
        #expect(monitor.drain() == [3])
        #expect(TreeSnapshot(of: home).nodes[3].attribute("units") == "metric")
    }

    @Test func aRegistrationFromAnEarlierObserveRecordsNothing() async throws {
        let home = try await startApp()
        let monitor = TreeChangeMonitor(root: home)
        monitor.observe()
        monitor.observe()
        home.settings.units = .metric
        // Two registrations exist; only the current one's announcement counts.
        #expect(monitor.drain() == [3])
    }
}
