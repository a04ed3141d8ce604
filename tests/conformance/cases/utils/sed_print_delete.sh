printf 'a\nb\nc\nd\n' > f
sed p f
sed -n '2p' f
sed '2,3d' f
sed -n '$p' f
sed '$!d' f
sed -n '/b/,/c/p' f
