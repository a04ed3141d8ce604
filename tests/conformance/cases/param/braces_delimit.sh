v=x
vy=other
echo $vy "${v}y" $v.y
