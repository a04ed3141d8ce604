echo new > a; echo old > b
cp -n a b; echo "[$?]"; cat b
cp --no-clobber a b; cat b
cp -f a b; cat b
