{ true; false; }
echo $?
