yes $(printf 'z%.0s' {1..5000}) | head -n 2 | wc -c
