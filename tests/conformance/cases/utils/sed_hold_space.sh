printf 'a\nb\nc\n' > f
sed -n '1!G;h;$p' f
sed 'x;$!d;x' f
sed '$!{h;d};x;G' f
sed -n 'H;${x;s/\n/,/g;s/^,//;p}' f
sed 'G' f
sed -n '2{h;d};${G;p}' f
