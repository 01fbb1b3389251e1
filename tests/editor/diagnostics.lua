-- Neovim headless as a fleetcheck user sets it up (docs/lsp.md): opens the
-- fleet given as the file argument, starts `$FLEETCHECK_BIN lsp`, waits for
-- its diagnostics and prints them, one line each: LINE:COL SEVERITY CODE
-- MESSAGE (0-based line and column, as the protocol gives them), then quits.
-- Run by tests/lsp.rs (`nvim_shows_the_diagnostics`, the browser tier).
local bin = os.getenv("FLEETCHECK_BIN")
local buf = vim.api.nvim_get_current_buf()
-- start_client + buf_attach_client: Debian's Neovim (0.7) has no
-- vim.lsp.start, which docs/lsp.md shows for 0.8 and later.
local client = vim.lsp.start_client({
  name = "fleetcheck",
  cmd = { bin, "lsp" },
  root_dir = vim.fn.getcwd(),
})
if not client or not vim.lsp.buf_attach_client(buf, client) then
  io.stdout:write("no client\n")
  vim.cmd("cquit 1")
end
local got = vim.wait(20000, function()
  return #vim.diagnostic.get(buf) > 0
end, 50)
if not got then
  io.stdout:write("no diagnostics\n")
  vim.cmd("cquit 1")
end
local names = { "error", "warning", "info", "hint" }
for _, d in ipairs(vim.diagnostic.get(buf)) do
  io.stdout:write(string.format("%d:%d %s %s %s\n", d.lnum, d.col, names[d.severity], d.code, d.message:gsub("\n.*", "")))
end
vim.lsp.stop_client(client)
vim.cmd("qall!")
