# check-stderr
printf 'a\nc\nb\n' | sort -c; echo "[$?]"
printf 'a\nc\nb\n' | sort -C; echo "[$?]"
printf 'a\na\n' | sort -cu; echo "[$?]"
printf 'a\nb\n' > f; sort -c f; echo "[$?]"
printf 'b\na\n' > g; sort -c g; echo "[$?]"
