v=val
echo `echo \$v` `echo $v`
