printf 'a b\nc\n  d  \n' | xargs
