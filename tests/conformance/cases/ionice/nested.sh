ionice -c 3 ionice -c 2 echo nested
