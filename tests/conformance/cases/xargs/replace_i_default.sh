printf 'a\nb\n' | xargs -i echo '({})'
