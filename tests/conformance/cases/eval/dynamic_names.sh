for i in 1 2; do eval "v$i=val$i"; done
echo $v1 $v2
