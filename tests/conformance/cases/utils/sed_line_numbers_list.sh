printf 'a\tb\001c\\\n' > f
printf 'second\n' >> f
sed = f
sed -n '$=' f
sed -n l f
sed -n 'l 5' f
sed -l 4 -n l f
seq 30 | sed -n 'H;${x;s/\n//g;l}'
