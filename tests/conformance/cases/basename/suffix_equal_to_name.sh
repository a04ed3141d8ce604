basename /x/.rs .rs
