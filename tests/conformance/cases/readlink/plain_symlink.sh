ln -s some/target link
readlink link
