-- Languages (docs/i18n.md): the language she reads Wings in, once she chose one signed in ('en', 'hi' or 'mr');
-- NULL for the users who never chose (and every user from before). Her guardians' alerts are written in it.
ALTER TABLE users ADD COLUMN language TEXT CHECK (language IN ('en', 'hi', 'mr'));
-- A guardian's own language, as their browser asked for it when they turned alerts on ('en', 'hi' or 'mr'); NULL
-- when it did not say (their alerts are then in hers).
ALTER TABLE guardians ADD COLUMN language TEXT CHECK (language IN ('en', 'hi', 'mr'));
