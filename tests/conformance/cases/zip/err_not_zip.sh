# check-stderr
printf 'not a zip file at all\n' > bad.zip
unzip -l bad.zip; echo "status $?"
