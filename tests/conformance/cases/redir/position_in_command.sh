> f echo a b
cat f
