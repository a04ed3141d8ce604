printf 'a\nb\n' > f1
printf 'c\nd\n' > f2
sed -n '$p' f1 f2
sed -s -n '$p' f1 f2
sed -n '1p' f1 f2
sed -s -n '1p;F' f1 f2
sed = f1 f2
sed -s 'N;s/\n/+/' f1 f2
cat f1 | sed 's/^/> /' - f2
