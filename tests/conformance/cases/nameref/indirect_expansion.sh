x=hello
name=x
echo "${!name}"
