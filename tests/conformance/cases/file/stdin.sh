printf "hello\n" | file -; printf "#!/bin/sh\n" | file -b -
