printf 'a\nb\nSTOP\nc\n' | xargs -E STOP echo
