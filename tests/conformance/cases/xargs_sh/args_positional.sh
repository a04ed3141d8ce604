printf 'a b c\n' | xargs sh -c 'echo "$# args: $*"' sh
