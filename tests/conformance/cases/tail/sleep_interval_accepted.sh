printf 'a\nb\n' > f
tail -s 0.5 -n 1 f; echo "[$?]"
tail --sleep-interval=2 -n1 f
tail --max-unchanged-stats=3 -n1 f
tail --retry -n1 f
