printf "#!/usr/bin/env python3\nprint(1)\n" > p; printf "#!/usr/bin/env node\n1\n" > n; printf "#!/usr/bin/python3\n" > q; file -b p n q; file -i p n
