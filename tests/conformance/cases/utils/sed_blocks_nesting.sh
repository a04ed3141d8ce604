seq 6 > n
sed -n '2,5{/3/d;p}' n
sed -n '/2/,/5/{/4/!{p}}' n
sed '1{h;d};2{G}' n
sed -n '{{{p}}}' n | head -2
sed '3,4!{s/$/!/}' n
sed -n '$!{$!{1p}}' n
