printf "#!/bin/bash\necho ran\n" > s.sh; chmod 644 s.sh; [ -x s.sh ] || echo "not x"; chmod +x s.sh; [ -x s.sh ] && echo x; ./s.sh
