module attributes {a = array<index>} {
}
