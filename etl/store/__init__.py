"""The database: models, engine, views, and new databases that appear whole."""
