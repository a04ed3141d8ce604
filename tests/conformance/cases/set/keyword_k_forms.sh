set -k
show() { echo "V=${V-unset} W=${W-unset} args=$#"; }
show one V=1 two W='x y'
echo "after: V=${V-unset}"
X=0 sh -c 'echo "X=$X Y=$Y"' Y=2
echo "$-"
set +k
show V=3
