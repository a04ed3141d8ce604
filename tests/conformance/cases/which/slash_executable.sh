printf '#!/bin/sh\necho hi\n' > s.sh; chmod +x s.sh; which ./s.sh; echo "status $?"
