dirname '/my dir/sub dir/f'
