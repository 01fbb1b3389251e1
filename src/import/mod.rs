//! Importers: the Utopia raw card data into the project's database.
