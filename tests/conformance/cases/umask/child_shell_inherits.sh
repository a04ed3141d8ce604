umask 027; bash -c umask; sh -c 'touch x'; stat -c '%a' x
