echo x > f; chmod 640 f; touch -d '2001-02-03 04:05:06' f
cp -p f g; stat -c '%a %y' g
cp --preserve=mode f h; stat -c %a h
cp --preserve=timestamps f i; stat -c %y i
cp -a f j; stat -c '%a %y' j
