export MYVAR=hello
printenv MYVAR
