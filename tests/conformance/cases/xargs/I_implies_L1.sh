printf 'a b\nc\n' | xargs -I % echo '%' end
