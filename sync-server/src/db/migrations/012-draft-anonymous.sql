-- A draft keeps her 'Post anonymously' choice (docs/stories.md, Drafts), so opening it again restores it and
-- publishing it never puts her name on a story she meant to post anonymously. Drafts saved before read as 0.
ALTER TABLE drafts ADD COLUMN anonymous INTEGER NOT NULL DEFAULT 0 CHECK (anonymous IN (0, 1));
