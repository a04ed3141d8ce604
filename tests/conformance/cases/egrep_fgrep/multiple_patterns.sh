printf 'a\nb\nc\n' | fgrep -e a -e c; printf 'a+\nb\n' | fgrep 'a+'
