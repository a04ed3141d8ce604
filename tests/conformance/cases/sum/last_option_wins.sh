printf 'abc\n' > f; sum -s -r f; sum -r -s f
