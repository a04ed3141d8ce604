printf 'x:3000:y\n' | numfmt -d : --field=2 --to=si
