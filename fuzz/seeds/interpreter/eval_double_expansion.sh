a='$b'
b=hi
eval echo $a
