printf '1\n2\n3\n4\n5\n' > f
sed 'n;d' f
sed -n 'n;p' f
sed 'N;s/\n/+/' f
sed '$!N;s/\n/ /' f
sed ':a;N;$!ba;s/\n/,/g' f
sed '$!N;P;D' f
sed 'N;N;s/\n/-/g' f
