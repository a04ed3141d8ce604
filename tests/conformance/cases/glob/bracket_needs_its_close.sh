# A `[` is a pattern character only with an unquoted `]` after it, as in
# bash's unquoted_glob_pattern_p: `[` alone, `[ab` and `a]` stay words.
mkdir -p g && cd g && touch a b '[' 'x]' '[ab' 'ab]'
for p in '[' '[*' '[ab' '*]' '[ab]' 'x]' '[\]' '?' '[a' 'a]' '[[]' '[]]' '*[' '[!a]' '[a-' ; do
    eval "set -- $p"; echo "$p => $*"
done
[ -n x ] && echo "test command"
