printf '\tx\n' > f1; printf 'y\tz\n' > f2
expand -t 2 f1 f2 | sed -n l
