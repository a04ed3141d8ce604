# Access times set by touch -a are what stat %x/%X, ls -u, find -atime/-amin/-anewer/-newerXY and -printf %A show; cp -p keeps both times
touch -d "2020-01-01 00:00" a
touch -a -d "2019-05-05 00:00" a
touch -d "2020-06-01 00:00" b
touch -a -d "2010-01-01 00:00" b
stat -c "%X %Y %n" a b
ls -u1t a b
ls -1t a b
find . -name '[ab]' -atime +3000 | sort
find . -name '[ab]' -anewer b | sort
find . -name '[ab]' -newerat "2015-01-01" | sort
find . -name '[ab]' -newerma b | sort
find . -name '[ab]' -printf "%p %AY-%Am-%Ad %TY-%Tm-%Td\n" | sort
cp -p a c
stat -c "%X %Y %n" c
