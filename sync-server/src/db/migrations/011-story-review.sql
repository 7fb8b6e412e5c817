-- Reports weighed by the reporter's account age, and a review an operator ends (docs/stories.md, Reports).
-- A hidden story (stories.hidden = 1) is now "in review": out of every feed, kept until an operator restores or
-- removes it (src/cli/stories.ts).

-- What the report counts towards hiding, fixed when it is made: 1 for an account at least 7 days old, 0.5 for one at
-- least a day old, 0.25 for a newer one.
ALTER TABLE story_flags ADD COLUMN weight REAL NOT NULL DEFAULT 1 CHECK (weight > 0 AND weight <= 1);
-- 1 once a review restored the story: the report no longer counts, and its reporter still cannot report it again.
ALTER TABLE story_flags ADD COLUMN reviewed INTEGER NOT NULL DEFAULT 0 CHECK (reviewed IN (0, 1));

-- Reports made before this migration get the weight they would have had then. Stories they already hid stay hidden:
-- they are the first ones in review.
UPDATE story_flags SET weight = (
  SELECT CASE
    WHEN julianday(story_flags.created_at) - julianday(u.created_at) >= 7 THEN 1
    WHEN julianday(story_flags.created_at) - julianday(u.created_at) >= 1 THEN 0.5
    ELSE 0.25
  END
  FROM users u WHERE u.id = story_flags.user_id
);
