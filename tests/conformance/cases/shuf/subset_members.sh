shuf -n 3 -i 1-5 | sort -n | while read n; do [ "$n" -ge 1 ] && [ "$n" -le 5 ] && echo in; done
