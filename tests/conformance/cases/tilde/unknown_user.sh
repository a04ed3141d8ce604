# A tilde prefix naming no user, or ~- with OLDPWD unset, stays as written
# (and is still globbed); ~+ follows $PWD.
echo ~nouser_zz ~nouser_zz/a ~-
x=~nouser_zz:~
echo $x
touch "~nouser_zz1"
echo ~nouser_zz*
rm "~nouser_zz1"
PWD=/x
echo ~+
unset PWD
echo ~+
