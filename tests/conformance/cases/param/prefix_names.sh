foo1=a foo2=b foobar=c
echo ${!foo*}
