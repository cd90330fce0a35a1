import Foundation

extension RecipeCatalog {
    /// The catalog built into the app: twelve public-domain recipes, six vegetarian and six
    /// with meat, each rated at least twice.
    public static let `default`: RecipeCatalog = {
        do {
            return try RecipeCatalog(recipes: defaultRecipes)
        } catch {
            // The list below is fixed at compile time and covered by the catalog tests.
            preconditionFailure("the built-in catalog is invalid: \(error)")
        }
    }()
}

private let beeton = URL(string: "https://www.gutenberg.org/ebooks/10136")
private let farmer = URL(string: "https://www.gutenberg.org/ebooks/65061")

private func recipe(
    _ slug: String,
    _ title: String,
    vegetarian: Bool,
    source: URL? = nil,
    ingredients: [String],
    steps: [String],
    ratings: [(String, Int, String)]
) -> Recipe {
    guard let id = Recipe.ID(rawValue: slug) else { preconditionFailure(Recipe.ID.rule(for: slug)) }
    return Recipe(
        id: id,
        title: title,
        ingredients: ingredients,
        steps: steps,
        isVegetarian: vegetarian,
        sourceURL: source,
        ratings: ratings.map { Rating(author: $0.0, value: $0.1, comment: $0.2) }
    )
}

private let defaultRecipes: [Recipe] = [
    recipe(
        "orange-marmalade", "Orange Marmalade", vegetarian: true, source: beeton,
        ingredients: ["6 Seville oranges", "2 lemons", "3 pints of water", "Loaf sugar, 1 lb to each pint of pulp"],
        steps: [
            "Pare the rinds thinly and cut them into fine shreds.",
            "Simmer the shreds in the water until tender.",
            "Add the pulp and juice, weigh, and add the sugar.",
            "Boil until it sets on a cold plate, then pot while hot.",
        ],
        ratings: [("Ada", 5, "Bright and bitter, as it should be."), ("Bertie", 4, "Set a little firm.")]
    ),
    recipe(
        "mushrooms-in-cream", "Mushrooms in Cream", vegetarian: true, source: farmer,
        ingredients: ["1 lb button mushrooms", "2 tablespoons butter", "1 cup cream", "Salt, pepper, nutmeg", "Toast"],
        steps: [
            "Wipe and trim the mushrooms.",
            "Cook them gently in the butter for five minutes.",
            "Pour in the cream, season, and simmer until it thickens.",
            "Serve on hot toast.",
        ],
        ratings: [("Clara", 5, "Rich and quick."), ("Dev", 3, "Needed more pepper."), ("Ema", 4, "Good on rye.")]
    ),
    recipe(
        "baked-apple-dumplings", "Baked Apple Dumplings", vegetarian: true, source: beeton,
        ingredients: ["6 baking apples", "Short pastry", "Brown sugar", "Cloves"],
        steps: [
            "Core the apples and fill each with sugar and a clove.",
            "Wrap each apple in pastry and pinch the edges closed.",
            "Bake in a moderate oven for about forty minutes.",
        ],
        ratings: [("Finn", 4, "Lovely with custard."), ("Gita", 5, "The pastry stayed crisp.")]
    ),
    recipe(
        "pease-pudding", "Pease Pudding", vegetarian: true, source: beeton,
        ingredients: ["1 pint split peas", "1 oz butter", "2 eggs", "Salt and pepper"],
        steps: [
            "Soak the peas overnight and tie them loosely in a cloth.",
            "Boil for about two and a half hours.",
            "Rub through a sieve, beat in the butter and eggs, and season.",
            "Tie up again and boil for another hour.",
        ],
        ratings: [("Hal", 3, "Hearty but plain."), ("Iris", 4, "Better the next day.")]
    ),
    recipe(
        "welsh-rarebit", "Welsh Rarebit", vegetarian: true, source: beeton,
        ingredients: ["4 oz cheddar", "1 oz butter", "1 teaspoon mustard", "Pepper", "Slices of toast"],
        steps: [
            "Melt the cheese with the butter and mustard over a low heat.",
            "Season with pepper.",
            "Spread thickly on the toast and brown under the grill.",
        ],
        ratings: [("Jon", 5, "Supper in ten minutes."), ("Kit", 4, "Add a splash of ale.")]
    ),
    recipe(
        "lemon-cheesecakes", "Lemon Cheesecakes", vegetarian: true, source: beeton,
        ingredients: ["2 lemons", "4 oz butter", "6 oz sugar", "3 eggs", "Puff pastry"],
        steps: [
            "Stir the butter, sugar, eggs, grated rind and juice over a gentle heat until thick.",
            "Line patty pans with the pastry and half fill them with the curd.",
            "Bake in a brisk oven for about fifteen minutes.",
        ],
        ratings: [("Lena", 5, "Sharp and sweet."), ("Milo", 4, "Made a dozen, gone in an hour.")]
    ),
    recipe(
        "roasted-wild-duck", "Roasted Wild Duck", vegetarian: false, source: beeton,
        ingredients: ["1 wild duck", "Flour", "Butter", "Port wine gravy", "Lemon"],
        steps: [
            "Truss the duck and roast before a brisk fire, basting often with butter.",
            "Dredge with flour a few minutes before serving to froth it.",
            "Serve with the gravy and cut lemon.",
        ],
        ratings: [("Nora", 5, "Rare and rich."), ("Otto", 4, "Gamey in a good way.")]
    ),
    recipe(
        "roast-lamb-with-banana-croquettes", "Roast Lamb with Banana Croquettes", vegetarian: false,
        ingredients: ["1 leg of lamb", "4 bananas", "Breadcrumbs", "1 egg", "Butter", "Salt and pepper"],
        steps: [
            "Roast the lamb, allowing a quarter of an hour to the pound.",
            "Mash the bananas, shape into croquettes, and roll in egg and crumbs.",
            "Fry the croquettes in butter until golden and serve around the lamb.",
        ],
        ratings: [("Pia", 4, "Odd pairing that works."), ("Quin", 3, "Croquettes too sweet for me.")]
    ),
    recipe(
        "beefsteak-and-kidney-pudding", "Beefsteak and Kidney Pudding", vegetarian: false, source: beeton,
        ingredients: ["1½ lb rump steak", "½ lb kidney", "Suet crust", "Flour, salt, pepper", "Water"],
        steps: [
            "Line a basin with two-thirds of the suet crust.",
            "Cut the steak and kidney small, season, dredge with flour, and fill the basin.",
            "Add water, cover with the rest of the crust, and tie down with a cloth.",
            "Boil for three to four hours.",
        ],
        ratings: [("Rhys", 5, "Worth the long boil."), ("Sana", 4, "Gravy was perfect.")]
    ),
    recipe(
        "mulligatawny-soup", "Mulligatawny Soup", vegetarian: false, source: beeton,
        ingredients: ["1 chicken", "2 onions", "1 apple", "2 tablespoons curry powder", "2 quarts stock", "Rice"],
        steps: [
            "Joint the chicken and fry it with the onions until brown.",
            "Stir in the curry powder and the chopped apple.",
            "Add the stock and simmer for an hour.",
            "Serve with boiled rice.",
        ],
        ratings: [("Tom", 4, "Warming."), ("Uma", 5, "Best with a squeeze of lime."), ("Vic", 3, "Too mild.")]
    ),
    recipe(
        "irish-stew", "Irish Stew", vegetarian: false, source: beeton,
        ingredients: ["3 lb neck of mutton", "4 lb potatoes", "4 onions", "Salt and pepper", "Water"],
        steps: [
            "Cut the mutton into cutlets and slice the potatoes and onions.",
            "Layer them in a stewpan with seasoning, potatoes on top.",
            "Add water and simmer gently for two hours.",
        ],
        ratings: [("Wren", 4, "Simple and good."), ("Xan", 4, "Used lamb shoulder instead.")]
    ),
    recipe(
        "toad-in-the-hole", "Toad in the Hole", vegetarian: false, source: beeton,
        ingredients: ["1 lb sausages", "½ pint milk", "2 eggs", "4 oz flour", "Salt"],
        steps: [
            "Make a batter of the flour, eggs, milk and salt and let it stand.",
            "Brown the sausages in a hot dish with a little dripping.",
            "Pour the batter over and bake in a hot oven for forty minutes.",
        ],
        ratings: [("Yara", 5, "Batter rose beautifully."), ("Zed", 4, "Onion gravy on the side.")]
    ),
]
